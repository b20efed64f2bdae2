/*
 * report.c - the census report (docs/census.md): tables, the five questions
 * of the issue answered as far as the database reaches, charts (svgplot.c)
 * and pictures of the smallest examples (cy_render_svg), the schema.
 */
#include "census.h"
#include "svgplot.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What the report is being written with. */
typedef struct rep {
    census_store *s;
    census_buf md;
    char *dir; /* the pictures' directory */
    char *rel; /* its name relative to the report */
    cy_error *err;
    int failed;
    const char *command;    /* the command line that makes the report */
    const char *made_by;    /* how the database was made, or NULL */
    int bex, blo, bhi;      /* plane boards: whether edges blo..bhi are exhaustive */
    int tex, tlo, thi;      /* trees: the same */
    int bmax, tmax;         /* the most edges of a board, of a tree */
    census_report_out *out; /* the pictures go to out->files */
} rep;

/* The integer result of a one-value query (printf-style), or dflt. */
static long long scalar(rep *r, long long dflt, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *sql = sqlite3_vmprintf(fmt, ap);
    va_end(ap);
    sqlite3_stmt *st;
    long long v = dflt;
    if (sqlite3_prepare_v2(census_store_db(r->s), sql, -1, &st, NULL) == SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
            v = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    } else if (!r->failed) {
        cy_error_set(r->err, "%s", sqlite3_errmsg(census_store_db(r->s)));
        r->failed = 1;
    }
    sqlite3_free(sql);
    return v;
}

/* The edge counts lo..*hi of kind under rules that are exhaustive: every
 * part finished, every board solved, no gap from the smallest.  Returns 0
 * when none. */
static int exhaustive_rules(rep *r, const char *kind, const char *rules, int *lo, int *hi)
{
    *lo = (int)scalar(r, 0, "SELECT min(edges) FROM units WHERE kind = '%q' AND rules = '%q'", kind, rules);
    if (!*lo)
        return 0;
    int e = *lo;
    for (;; e++) {
        long long units =
            scalar(r, 0, "SELECT count(*) FROM units WHERE kind = '%q' AND rules = '%q' AND edges = %d", kind, rules, e);
        long long fin =
            scalar(r, 0,
                   "SELECT count(*) FROM units WHERE kind = '%q' AND rules = '%q' AND edges = %d AND finished"
                   " AND parts = (SELECT max(parts) FROM units WHERE kind = '%q' AND rules = '%q' AND edges = %d)",
                   kind, rules, e, kind, rules, e);
        long long parts = scalar(r, 0, "SELECT max(parts) FROM units WHERE kind = '%q' AND rules = '%q' AND edges = %d",
                                 kind, rules, e);
        long long uns = scalar(r, 0,
                               "SELECT count(*) FROM results WHERE kind = '%q' AND rules = '%q' AND edges = %d"
                               " AND status <> 'solved'",
                               kind, rules, e);
        if (!units || fin != parts || units != parts || uns)
            break;
    }
    *hi = e - 1;
    return *hi >= *lo;
}

/* exhaustive_rules under the standard rules. */
static int exhaustive(rep *r, const char *kind, int *lo, int *hi)
{
    return exhaustive_rules(r, kind, "standard", lo, hi);
}

/* Adds svg to the report's files as DIR/name.svg. */
static void put_svg(rep *r, const char *name, const char *svg)
{
    if (!r->dir)
        return; /* standard output: no pictures */
    census_report_out *o = r->out;
    census_file *files = realloc(o->files, sizeof *files * ((size_t)o->nfiles + 1));
    if (!files)
        abort();
    o->files = files;
    census_buf path = {0};
    census_printf(&path, "%s/%s.svg", r->dir, name);
    files[o->nfiles].path = path.s;
    files[o->nfiles].text = strdup(svg);
    if (!files[o->nfiles].path || !files[o->nfiles].text)
        abort();
    o->nfiles++;
}

/* Draws the board of the first row of the query (columns: board JSON, then a
 * caption) into DIR/name.svg and links it in the report.  Returns 1 when
 * drawn, 0 when the query has no row. */
static int picture(rep *r, const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *sql = sqlite3_vmprintf(fmt, ap);
    va_end(ap);
    sqlite3_stmt *st;
    int drawn = 0;
    if (sqlite3_prepare_v2(census_store_db(r->s), sql, -1, &st, NULL) != SQLITE_OK) {
        sqlite3_free(sql);
        if (!r->failed)
            cy_error_set(r->err, "%s", sqlite3_errmsg(census_store_db(r->s)));
        r->failed = 1;
        return 0;
    }
    sqlite3_free(sql);
    if (sqlite3_step(st) == SQLITE_ROW) {
        const char *json = (const char *)sqlite3_column_text(st, 0);
        const char *caption = (const char *)sqlite3_column_text(st, 1);
        cy_error e;
        cy_board *b = census_board(json, &e);
        char *svg = NULL;
        if (b) {
            cy_picture p = {.last = -1, .caption = caption};
            svg = cy_render_svg(b, &p, &e);
        }
        if (svg && !r->dir)
            census_printf(&r->md, "\n%s:\n\n`%s`\n\n", caption, json);
        else if (svg) {
            put_svg(r, name, svg);
            census_printf(&r->md, "\n![%s](%s/%s.svg)\n\n`%s`\n\n", caption, r->rel, name, json);
            drawn = 1;
        } else
            census_printf(&r->md, "\n(the picture failed: %s)\n\n`%s`\n\n", e.msg, json);
        free(svg);
        cy_board_free(b);
    }
    sqlite3_finalize(st);
    return drawn;
}

/* Writes a chart into DIR/name.svg and links it. */
static void chart(rep *r, const char *name, const census_svg_chart_spec *c)
{
    if (!r->dir)
        return; /* standard output: no pictures */
    char *svg = census_svg_chart(c);
    put_svg(r, name, svg);
    free(svg);
    census_printf(&r->md, "![%s](%s/%s.svg)\n\n", c->title, r->rel, name);
}

/* Appends the text answer of a query. */
static void query(rep *r, const char *name, int trees, int limit)
{
    census_query_opts o = {0, trees, limit, 0, 0, NULL};
    char *out = NULL;
    cy_error e;
    if (census_query(r->s, name, &o, &out, &e) < 0) {
        if (!r->failed)
            *r->err = e;
        r->failed = 1;
        return;
    }
    census_printf(&r->md, "%s\n", out);
    free(out);
}

/* The charts: counts by edges, share of parity breakers, Grundy values. */
static void charts(rep *r, int bmax, int tmax)
{
    int nmax = bmax > tmax ? bmax : tmax;
    if (nmax < 1)
        return;
    char(*labels)[16] = calloc((size_t)nmax, 16);
    const char **cats = calloc((size_t)nmax, sizeof *cats);
    double *v = calloc((size_t)nmax * 6, sizeof *v);
    for (int e = 1; e <= nmax; e++) {
        snprintf(labels[e - 1], 16, "%d", e);
        cats[e - 1] = labels[e - 1];
    }
    const char *kinds[] = {"board", "tree"};
    for (int k = 0; k < 2; k++)
        for (int e = 1; e <= nmax; e++) {
            long long n = scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = '%q' AND edges = %d", kinds[k], e);
            v[k * nmax + e - 1] = n ? (double)n : NAN;
        }
    const char *count_series[] = {"plane boards", "trees (special leaves)"};
    census_svg_chart_spec c = {CY_SVG_BARS_LOG,
                               "Boards by number of edges",
                               "edges",
                               "boards (log scale)",
                               nmax,
                               cats,
                               2,
                               count_series,
                               v,
                               0};
    chart(r, "counts", &c);
    for (int k = 0; k < 3; k++)
        for (int e = 1; e <= nmax; e++) {
            const char *kind = k == 1 ? "tree" : "board";
            const char *extra = k == 2 ? " AND triangle_free" : "";
            long long n =
                scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = '%q' AND edges = %d AND status = 'solved'%s",
                       kind, e, extra);
            long long p =
                scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = '%q' AND edges = %d AND parity_breaker = 1%s",
                       kind, e, extra);
            v[k * nmax + e - 1] = n ? (double)p / (double)n : NAN;
        }
    const char *par_series[] = {"plane boards", "trees", "triangle-free boards"};
    census_svg_chart_spec p = {CY_SVG_LINES,
                               "Share of parity breakers",
                               "edges",
                               "share of the solved boards",
                               nmax,
                               cats,
                               3,
                               par_series,
                               v,
                               1};
    chart(r, "parity", &p);
    const char *g_series[] = {"Grundy 0", "Grundy 1", "Grundy 2", "Grundy 3", "Grundy 4 or more"};
    int gn = bmax > 0 ? bmax : 1;
    for (int g = 0; g < 5; g++)
        for (int e = 1; e <= gn; e++)
            v[g * gn + e - 1] =
                (double)scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'board' AND edges = %d AND grundy %s %d",
                               e, g == 4 ? ">=" : "=", g);
    census_svg_chart_spec g = {CY_SVG_STACKED,
                               "Grundy values of the plane boards",
                               "edges",
                               "share of the boards",
                               gn,
                               cats,
                               5,
                               g_series,
                               v,
                               1};
    chart(r, "grundy", &g);
    free(v);
    free(cats);
    free(labels);
}

/* Time per edge count under the given rules from the units (wall and CPU)
 * of the edge counts run whole (every part of a split present), the next
 * edge count extrapolated from the CPU time, and the sampled edge counts
 * (some parts of a split, as `--part R/M` runs them to measure) with the
 * cost of the whole estimated from their finished parts. */
static void timing_rules(rep *r, const char *kind, const char *rules)
{
    sqlite3_stmt *st;
    char *sql =
        sqlite3_mprintf("SELECT edges, parts, count(*), sum(done), sum(seconds), min(finished), sum(cpu_seconds),"
                        " sum(finished), sum(CASE WHEN finished THEN done ELSE 0 END),"
                        " sum(CASE WHEN finished THEN cpu_seconds ELSE 0 END)"
                        " FROM units WHERE kind = '%q' AND rules = '%q' GROUP BY edges, parts ORDER BY edges, parts",
                        kind, rules);
    if (sqlite3_prepare_v2(census_store_db(r->s), sql, -1, &st, NULL) != SQLITE_OK) {
        sqlite3_free(sql);
        return;
    }
    sqlite3_free(sql);
    int header = 0;                        /* the table of whole edge counts, begun at its first row */
    double n1 = 0, n2 = 0, t1 = 0, pn = 0; /* pn: the count of finished edge count pe */
    int last = 0, finished = 0, pe = -1;
    census_buf sampled = {0};
    while (sqlite3_step(st) == SQLITE_ROW) {
        int e = sqlite3_column_int(st, 0), parts = sqlite3_column_int(st, 1), have = sqlite3_column_int(st, 2);
        double n = (double)sqlite3_column_int64(st, 3), w = sqlite3_column_double(st, 4);
        double t = sqlite3_column_double(st, 6);
        if (have < parts) {
            /* a sample: the whole estimated from its finished parts */
            int fin = sqlite3_column_int(st, 7);
            double fn = (double)sqlite3_column_int64(st, 8), ft = sqlite3_column_double(st, 9);
            int trees = !strcmp(kind, "tree");
            if (!sampled.s)
                census_printf(&sampled,
                              "Sampled, not run whole: the parts of a split that were run (`--part R/M`) "
                              "and the CPU time per %s in their finished parts.%s\n\n"
                              "| edges | parts run | %ss in them | CPU ms per %s | %ss estimated | CPU hours estimated |\n"
                              "|---|---|---|---|---|---|\n",
                              kind,
                              trees ? " A tree part is every M-th tree of the list, so the whole is estimated as "
                                      "the finished parts times M over their number."
                                    : " A part of the boards is one of nauty's res/mod classes, whose sizes and "
                                      "mixes of vertex counts differ widely (and the cost grows steeply with the "
                                      "number of cells), so a sample gives the cost of its own boards only, not an "
                                      "estimate of the whole.",
                              kind, kind, kind);
            if (fin > 0 && fn > 0 && ft > 0 && trees)
                census_printf(&sampled, "| %d | %d of %d | %.0f | %.3f | %.3g | %.3g |\n", e, have, parts, n,
                              1000 * ft / fn, fn * parts / fin, ft / fin * parts / 3600);
            else if (fin > 0 && fn > 0 && ft > 0)
                census_printf(&sampled, "| %d | %d of %d | %.0f | %.3f | | |\n", e, have, parts, n, 1000 * ft / fn);
            else
                census_printf(&sampled, "| %d | %d of %d (none finished) | %.0f | | | |\n", e, have, parts, n);
            continue;
        }
        int done = sqlite3_column_int(st, 5);
        if (!header++)
            census_printf(&r->md,
                          "| edges | %ss | wall seconds | CPU seconds | CPU ms per %s | %ss per CPU second |\n"
                          "|---|---|---|---|---|---|\n",
                          kind, kind, kind);
        if (t > 0)
            census_printf(&r->md, "| %d | %.0f%s | %.2f | %.2f | %.3f | %.0f |\n", e, n, done ? "" : " (unfinished)", w,
                          t, n > 0 ? 1000 * t / n : 0, n / t);
        else /* a database of schema 1, migrated, kept no CPU time */
            census_printf(&r->md, "| %d | %.0f%s | %.2f | not measured | | |\n", e, n, done ? "" : " (unfinished)", w);
        if (!done)
            continue; /* an unfinished count says nothing of the growth */
        finished = e;
        /* the growth is the ratio to the edge count just below, whether
         * its CPU time is known or not */
        double below = pe == e - 1 ? pn : 0;
        pn = n;
        pe = e;
        if (t <= 0)
            continue;
        n2 = below;
        n1 = n;
        t1 = t;
        last = e;
    }
    sqlite3_finalize(st);
    /* from the last finished count, if its CPU time is known, and the one below */
    if (n2 > 0 && n1 > 0 && t1 > 0 && last == finished)
        census_printf(&r->md,
                      "\nExtrapolated, not measured: %d edges would have about %.0f %ss (%.1f times as many as %d edges) "
                      "and take about %.0f CPU seconds at the rate of %d edges; each further edge count multiplies both by about "
                      "that factor at least (larger boards take longer to solve).\n\n",
                      last + 1, n1 * n1 / n2, kind, n1 / n2, last, t1 * n1 / n2, last);
    else
        census_printf(&r->md, "\n");
    if (!strcmp(kind, "board") && last == finished && last > 0)
        census_printf(&r->md,
                      "What the boards cost grows with their vertex count, so a plan for more edges is "
                      "better measured than extrapolated: `cycles census plan --edges %d..%d` counts the "
                      "graphs of each edge and vertex count with nauty and solves a sample of their boards "
                      "([census.md](census.md), *What more edges would cost*).\n\n",
                      last + 1, last + 1);
    if (sampled.s) {
        census_printf(&r->md, "%s\n", sampled.s);
        free(sampled.s);
    }
}

/* timing_rules under the standard rules. */
static void timing(rep *r, const char *kind)
{
    timing_rules(r, kind, "standard");
}

/* The moves column per kind and edge count: boards with it, its least,
 * mean and largest value, and how many games last as many moves as there
 * are edges. */
static void moves_table(rep *r)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(census_store_db(r->s),
                           "SELECT kind, edges, count(moves), min(moves), avg(moves), max(moves), sum(moves = edges)"
                           " FROM boards WHERE moves IS NOT NULL GROUP BY kind, edges ORDER BY kind, edges",
                           -1, &st, NULL) != SQLITE_OK)
        return;
    census_printf(&r->md, "| kind | edges | boards | fewest moves | mean | most moves | lasting one move per edge |\n"
                          "|---|---|---|---|---|---|---|\n");
    while (sqlite3_step(st) == SQLITE_ROW)
        census_printf(&r->md, "| %s | %d | %lld | %d | %.2f | %d | %lld |\n", (const char *)sqlite3_column_text(st, 0),
                      sqlite3_column_int(st, 1), (long long)sqlite3_column_int64(st, 2), sqlite3_column_int(st, 3),
                      sqlite3_column_double(st, 4), sqlite3_column_int(st, 5), (long long)sqlite3_column_int64(st, 6));
    sqlite3_finalize(st);
    census_printf(&r->md, "\n");
}

/* The parity of the solved boards of kind by edge count, counted two ways:
 * by all their edges (the parity question of Alvarado et al. 2021) and by
 * their markable edges (Lin's form of it, CY_CENSUS_MARKABLE_SQL), and the
 * boards without degree-1 vertices, where both agree (the modified
 * conjecture of Barua et al. 2022). */
static void markable_parity(rep *r, const char *kind)
{
    sqlite3_stmt *st;
    char *sql = sqlite3_mprintf("SELECT edges, count(*), sum(parity_breaker = 1),"
                                " sum(winner <> CASE WHEN " CY_CENSUS_MARKABLE_SQL " %% 2 = 1 THEN 1 ELSE 2 END),"
                                " sum(leaves = 0), sum(leaves = 0 AND parity_breaker = 1), sum(" CY_CENSUS_MARKABLE_SQL
                                " <> edges)"
                                " FROM boards WHERE kind = '%q' AND status = 'solved' GROUP BY edges ORDER BY edges",
                                kind);
    int rc = sqlite3_prepare_v2(census_store_db(r->s), sql, -1, &st, NULL);
    sqlite3_free(sql);
    if (rc != SQLITE_OK)
        return;
    census_printf(&r->md,
                  "| edges | boards | with unmarkable edges | breaking parity of all edges | breaking parity of the "
                  "markable edges (Lin) | without degree-1 vertices | of them breaking parity (Barua et al.) |\n"
                  "|---|---|---|---|---|---|---|\n");
    long long t[6] = {0};
    while (sqlite3_step(st) == SQLITE_ROW) {
        long long v[6];
        for (int k = 0; k < 6; k++)
            t[k] += v[k] = sqlite3_column_int64(st, k + 1);
        census_printf(&r->md, "| %d | %lld | %lld | %lld | %lld | %lld | %lld |\n", sqlite3_column_int(st, 0), v[0],
                      v[5], v[1], v[2], v[3], v[4]);
    }
    sqlite3_finalize(st);
    census_printf(&r->md, "| all | %lld | %lld | %lld | %lld | %lld | %lld |\n\n", t[0], t[5], t[1], t[2], t[3], t[4]);
}

/* The shape of a two-cell board without degree-1 vertices and its lengths,
 * from its invariants (twocell.c describes the shapes): a theta (middle
 * path, outer paths), a figure-eight or a dumbbell side by side (cycles, and
 * the path of a dumbbell) or one inside the other (outer cycle, inner cycle,
 * path).  Returns the shape's index in twocell_shapes; -1 when the row fits
 * none (then it is not such a board). */
static const char *const twocell_shapes[] = {"theta", "figure-eight side by side", "figure-eight, one cycle inside",
                                             "dumbbell side by side", "dumbbell, one cycle inside"};
static int twocell_shape(int edges, const char *cell_sizes, int inner, int max_degree, int biconnected, int vertices,
                         int outer_vertices, int len[3])
{
    int c1 = 0, c2 = 0;
    if (sscanf(cell_sizes, "%d,%d", &c1, &c2) != 2 || edges != vertices + 1)
        return -1;
    int side = outer_vertices == vertices;
    if (biconnected && max_degree == 3) {
        len[0] = inner; /* the middle path */
        len[1] = c1 - inner;
        len[2] = c2 - inner;
        return len[1] + len[2] + inner == edges ? 0 : -1;
    }
    if (max_degree == 4) {
        len[2] = 0;
        if (side) {
            len[0] = c1;
            len[1] = c2;
        } else {
            len[0] = c2 - c1; /* the outer cycle */
            len[1] = c1;      /* the inner one */
        }
        return len[0] + len[1] == edges ? (side ? 1 : 2) : -1;
    }
    if (side) {
        len[0] = c1;
        len[1] = c2;
        len[2] = edges - c1 - c2; /* the path */
    } else {
        len[1] = c1;         /* the inner cycle */
        len[2] = c2 - edges; /* the annulus's walk is p + q + 2L */
        len[0] = edges - c1 - len[2];
    }
    return len[0] >= 3 && len[1] >= 3 && len[2] >= 1 ? (side ? 3 : 4) : -1;
}

/* The rule the even exceptions follow (observed in the boards of `census
 * twocell`, checked by twocell_section against every even board): one cycle
 * is a triangle, inside the other or beside one of 4 or more edges (never
 * the outer cycle, never two triangles side by side), and the path between
 * the cycles has L edges (0 for a figure-eight) with L = 0 (mod 4), or L odd
 * and at least 3.  Thetas never.  shape and len as twocell_shape gives them. */
static int twocell_rule(int shape, const int len[3])
{
    int tri, L;
    switch (shape) {
    case 1:
        tri = len[0] == 3 && len[1] >= 4;
        L = 0;
        break; /* side by side, cycles ascending */
    case 2:
        tri = len[1] == 3;
        L = 0;
        break; /* the inner cycle */
    case 3:
        tri = len[0] == 3 && len[1] >= 4;
        L = len[2];
        break;
    case 4:
        tri = len[1] == 3;
        L = len[2];
        break;
    default:
        return 0;
    }
    return tri && (L % 4 == 0 || (L % 2 == 1 && L >= 3));
}

/* The two-cell boards of `census twocell` by shape: how many break parity
 * and their lengths, the rule the even exceptions follow checked against
 * every even board, and the Grundy values; ex says whether the edge counts
 * are exhaustive. */
static void twocell_exceptions(rep *r, int ex)
{
    census_buf *m = &r->md;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(census_store_db(r->s),
                           "SELECT edges, cell_sizes, inner_edges, max_degree, biconnected, vertices, outer_vertices,"
                           " parity_breaker, grundy FROM boards WHERE kind = 'twocell' AND status = 'solved'"
                           " ORDER BY edges, code",
                           -1, &st, NULL) != SQLITE_OK)
        return;
    enum { NS = sizeof twocell_shapes / sizeof twocell_shapes[0] };
    long long boards[NS][2] = {{0}}, breaks[NS][2] = {{0}};
    census_buf list[NS][2];
    memset(list, 0, sizeof list);
    long long unknown = 0, named = 0, named_break = 0, unnamed_break = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        int e = sqlite3_column_int(st, 0), len[3];
        int k = twocell_shape(e, (const char *)sqlite3_column_text(st, 1), sqlite3_column_int(st, 2),
                              sqlite3_column_int(st, 3), sqlite3_column_int(st, 4), sqlite3_column_int(st, 5),
                              sqlite3_column_int(st, 6), len);
        if (k < 0) {
            unknown++;
            continue;
        }
        int odd = e % 2;
        boards[k][odd]++;
        if (!odd) {
            int rule = twocell_rule(k, len), brk = sqlite3_column_int(st, 7) == 1;
            named += rule;
            named_break += rule && brk;
            unnamed_break += !rule && brk;
        }
        if (sqlite3_column_int(st, 7) != 1)
            continue;
        if (++breaks[k][odd] > 12)
            continue; /* the first 12 listed */
        census_printf(&list[k][odd], "%s%d,%d", list[k][odd].n ? "; " : "", len[0], len[1]);
        if (k != 1 && k != 2)
            census_printf(&list[k][odd], ",%d", len[2]);
    }
    sqlite3_finalize(st);
    census_printf(m, "By shape (lengths: a theta's middle path, then its outer paths; a figure-eight's cycles, the outer "
                     "one first when one is inside; a dumbbell's cycles, the outer one first when one is inside, then "
                     "its path), the boards that break parity (the smallest 12 of each row listed):\n\n"
                     "| shape | edges | boards | breaking parity | their lengths |\n|---|---|---|---|---|\n");
    for (int k = 0; k < NS; k++)
        for (int odd = 1; odd >= 0; odd--) {
            census_printf(m, "| %s | %s | %lld | %lld | %s%s |\n", twocell_shapes[k], odd ? "odd" : "even",
                          boards[k][odd], breaks[k][odd], list[k][odd].s ? list[k][odd].s : "",
                          breaks[k][odd] > 12 ? "; ..." : "");
            free(list[k][odd].s);
        }
    if (unknown)
        census_printf(m, "\n%lld rows fit none of the shapes (not boards of `census twocell`).\n", unknown);
    long long even =
        scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'twocell' AND status = 'solved' AND edges %% 2 = 0");
    census_printf(m,
                  "\nThe pattern of the exceptions (observed, and checked here against every even board of the database): "
                  "an even board breaks parity when one of its two cycles is a triangle, inside the other cycle or "
                  "beside a cycle of 4 or more edges (never the outer cycle, never two triangles side by side), and the "
                  "path from it to the other cycle has L edges (L = 0 for a figure-eight) with L divisible by 4, or L "
                  "odd and at least 3. A theta never breaks parity. Of the %lld even boards the rule names %lld; %lld "
                  "of them break parity, and %lld boards it does not name break parity.%s\n\n",
                  even, named, named_break, unnamed_break,
                  named == named_break && !unnamed_break
                      ? (ex ? " **The rule names exactly the exceptions** for these sizes."
                            : " The rule names exactly the exceptions.")
                      : " The rule does not hold.");
    static const char *const what[] = {"the boards of an odd number of edges", "the even exceptions",
                                       "the other even boards"};
    static const char *const where[] = {"edges %% 2 = 1", "parity_breaker = 1 AND edges %% 2 = 0",
                                        "parity_breaker = 0 AND edges %% 2 = 0"};
    census_printf(m, "Grundy values:");
    for (int k = 0; k < 3; k++) {
        char sql[200];
        snprintf(sql, sizeof sql, "SELECT %%s(grundy) FROM boards WHERE kind = 'twocell' AND status = 'solved' AND %s",
                 where[k]);
        long long lo = scalar(r, -1, sql, "min"), hi = scalar(r, -1, sql, "max");
        if (lo < 0)
            continue;
        if (lo == hi)
            census_printf(m, "%s %s %lld", k ? ";" : "", what[k], lo);
        else
            census_printf(m, "%s %s %lld to %lld", k ? ";" : "", what[k], lo, hi);
    }
    census_printf(m, ".\n\n");
}

/* The two-cell boards without degree-1 vertices of `census twocell`
 * (kind 'twocell'): counts against the formula, winners, Grundy values,
 * the parity question and its exceptions by shape, the time of the run. */
static void twocell_section(rep *r)
{
    census_buf *m = &r->md;
    if (!scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'twocell'"))
        return;
    int lo = 0, hi = 0, ex = exhaustive(r, "twocell", &lo, &hi);
    census_printf(m, "## 6. Two-cell boards beyond the census (`census twocell`)\n\n"
                     "A board with exactly two cells and no degree-1 vertex is two cycles sharing a path (a *theta*), "
                     "sharing a vertex (a *figure-eight*) or joined by a path (a *dumbbell*): E = V + 1 by Euler's "
                     "formula, so the degrees less 2 add up to 2. Each graph has one embedding on the sphere, and a "
                     "board is that embedding with one of its three faces outer: a theta with any of its paths in the "
                     "middle; the cycles of a figure-eight or a dumbbell side by side, or one inside the other. "
                     "`cycles census twocell` builds exactly these (src/census/twocell.c), not from nauty's list of all "
                     "graphs, so it reaches far beyond the census; counting them by shape gives "
                     "(E - 3)(E - 4) boards of E >= 3 edges (column *formula*; the tests compare it with the "
                     "enumeration, and the enumeration with the census's own two-cell boards). All their edges are "
                     "markable, so Lin's form of the parity question and the modified conjecture of Barua et al. 2022 "
                     "are the same question here.\n\n");
    if (ex)
        census_printf(m,
                      "**Exhaustive** for %d to %d edges: every statement below about these boards is proved by "
                      "exhaustion for those sizes, a conjecture beyond.\n\n",
                      lo, hi);
    else
        census_printf(m, "No complete range of edge counts is in this database: observed only.\n\n");
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(census_store_db(r->s),
                           "SELECT edges, count(*), sum(biconnected), sum(max_degree = 4), sum(winner = 1), sum(winner = 2),"
                           " sum(parity_breaker = 1), sum(status <> 'solved'),"
                           " (SELECT sum(seconds) FROM units u WHERE u.kind = 'twocell' AND u.rules = 'standard' AND u.edges = b.edges),"
                           " (SELECT sum(cpu_seconds) FROM units u WHERE u.kind = 'twocell' AND u.rules = 'standard' AND u.edges = b.edges)"
                           " FROM boards b WHERE kind = 'twocell' GROUP BY edges ORDER BY edges",
                           -1, &st, NULL) != SQLITE_OK)
        return;
    census_printf(m, "| edges | boards | formula | thetas | figure-eights | dumbbells | player 1 wins | player 2 wins | "
                     "Grundy values | breaking parity | unsolved | wall seconds | CPU seconds |\n"
                     "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    double wall = 0, cpu = 0;
    long long total = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        int e = sqlite3_column_int(st, 0);
        long long v[7];
        for (int k = 0; k < 7; k++)
            v[k] = sqlite3_column_int64(st, k + 1);
        double w = sqlite3_column_double(st, 8), c = sqlite3_column_double(st, 9);
        wall += w;
        cpu += c;
        total += v[0];
        census_buf h = {0};
        census_printf(&h, "%s", "");
        sqlite3_stmt *g;
        char *sql = sqlite3_mprintf("SELECT grundy, count(*) FROM boards WHERE kind = 'twocell' AND edges = %d"
                                    " AND status = 'solved' GROUP BY grundy ORDER BY grundy",
                                    e);
        if (sqlite3_prepare_v2(census_store_db(r->s), sql, -1, &g, NULL) == SQLITE_OK) {
            while (sqlite3_step(g) == SQLITE_ROW)
                census_printf(&h, "%s%d: %lld", h.n ? ", " : "", sqlite3_column_int(g, 0),
                              (long long)sqlite3_column_int64(g, 1));
            sqlite3_finalize(g);
        }
        sqlite3_free(sql);
        census_printf(m, "| %d | %lld | %ld | %lld | %lld | %lld | %lld | %lld | %s | %lld | %lld | %.1f | %.1f |\n", e,
                      v[0], census_twocell_count(e), v[1], v[2], v[0] - v[1] - v[2], v[3], v[4], h.s, v[5], v[6], w, c);
        free(h.s);
    }
    sqlite3_finalize(st);
    census_printf(m, "\n%lld boards in %.0f s of wall time (%.0f CPU seconds), one thread.\n\n", total, wall, cpu);
    census_printf(m, "Counted by markable edges as under question 1:\n\n");
    markable_parity(r, "twocell");
    /* the parity question */
    for (int odd = 1; odd >= 0; odd--) {
        long long n =
            scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'twocell' AND status = 'solved' AND edges %% 2 = %d",
                   odd);
        long long bad =
            scalar(r, 0,
                   "SELECT count(*) FROM boards WHERE kind = 'twocell' AND parity_breaker = 1 AND edges %% 2 = %d", odd);
        census_printf(m, "- %s number of edges: %lld boards, of which %lld %s won by player %d%s.\n",
                      odd ? "An odd" : "An even", n, n - bad, n - bad == 1 ? "is" : "are", odd ? 1 : 2,
                      bad  ? ""
                      : ex ? " (all of them: proved for these sizes, a conjecture beyond)"
                           : " (all of them)");
    }
    census_printf(m, "\n");
    twocell_exceptions(r, ex);
}

/* The variant summary of (kind, rules) as text, appended. */
static void query_rules(rep *r, int trees, const char *rules)
{
    census_query_opts o = {0, trees, 0, 0, 0, rules};
    char *out = NULL;
    cy_error e;
    if (census_query(r->s, "summary", &o, &out, &e) < 0) {
        if (!r->failed)
            *r->err = e;
        r->failed = 1;
        return;
    }
    census_printf(&r->md, "%s\n", out);
    free(out);
}

/* The patterns of rules over kind: statements of what the rows show. */
static void variant_patterns(rep *r, const char *kind, const char *rules, int ex, int lo, int hi)
{
    census_buf *m = &r->md;
    char range[96] = "", vrange[96] = "";
    if (ex) {
        snprintf(range, sizeof range, " AND edges BETWEEN %d AND %d", lo, hi);
        snprintf(vrange, sizeof vrange, " AND v.edges BETWEEN %d AND %d", lo, hi);
    }
    long long n = scalar(r, 0, "SELECT count(*) FROM results WHERE kind = '%q' AND rules = '%q' AND status = 'solved'%s",
                         kind, rules, range);
    const char *scope = ex ? "exhaustive" : "not exhaustive";
    char sz[64];
    snprintf(sz, sizeof sz, ex ? "%d to %d edges" : "the sizes computed", lo, hi);
    if (!strncmp(rules, "players=", 8)) {
        for (int p = 1; p <= 8; p++) {
            long long w =
                scalar(r, 0, "SELECT count(*) FROM results WHERE kind = '%q' AND rules = '%q' AND winner = %d%s", kind,
                       rules, p, range);
            long long f =
                scalar(r, 0, "SELECT count(*) FROM results WHERE kind = '%q' AND rules = '%q' AND forced & %d%s", kind,
                       rules, 1 << (p - 1), range);
            if (w || f)
                census_printf(m,
                              "- Player %d is the winner when every player maximises their own chance (ties towards the "
                              "next player) on %lld of the %lld %ss of %s, and wins against all the others together on "
                              "%lld (%s).\n",
                              p, w, n, kind, sz, f, scope);
        }
        census_printf(m, "\n");
        return;
    }
    long long follow =
        scalar(r, 0, "SELECT count(*) FROM results WHERE kind = '%q' AND rules = '%q' AND parity_breaker = 0%s", kind,
               rules, range);
    long long draws = scalar(r, 0, "SELECT count(*) FROM results WHERE kind = '%q' AND rules = '%q' AND outcome = 'D'%s",
                             kind, rules, range);
    long long with = scalar(r, 0,
                            "SELECT count(*) FROM results v JOIN results s ON s.kind = v.kind AND s.rules = 'standard'"
                            " AND s.edges = v.edges AND s.code = v.code WHERE v.kind = '%q' AND v.rules = '%q'"
                            " AND v.status = 'solved' AND s.status = 'solved'%s",
                            kind, rules, vrange);
    long long same = scalar(r, 0,
                            "SELECT count(*) FROM results v JOIN results s ON s.kind = v.kind AND s.rules = 'standard'"
                            " AND s.edges = v.edges AND s.code = v.code WHERE v.kind = '%q' AND v.rules = '%q'"
                            " AND v.status = 'solved' AND s.status = 'solved' AND v.winner = s.winner%s",
                            kind, rules, vrange);
    census_printf(m,
                  "- Of the %lld solved %ss of %s (%s), the winner is player 1 exactly when the number of edges is odd "
                  "on %lld (%.1f%%); %lld end in a draw under perfect play.\n",
                  n, kind, sz, scope, follow, n ? 100.0 * (double)follow / (double)n : 0.0, draws);
    if (with)
        census_printf(m,
                      "- The winner is the standard rules' winner on %lld of the %lld %ss solved under both (%.1f%%); "
                      "it differs on %lld.\n",
                      same, with, kind, 100.0 * (double)same / (double)with, with - same);
    if (!strcmp(rules, "misere")) {
        long long vmax =
            scalar(r, -1, "SELECT max(value) FROM results WHERE kind = '%q' AND rules = 'misere'%s", kind, range);
        census_printf(m, "- The largest misere nim-value is %lld.\n", vmax);
    } else if (!strncmp(rules, "score", 5)) {
        long long lo2 =
            scalar(r, 0, "SELECT min(value) FROM results WHERE kind = '%q' AND rules = '%q'%s", kind, rules, range);
        long long hi2 =
            scalar(r, 0, "SELECT max(value) FROM results WHERE kind = '%q' AND rules = '%q'%s", kind, rules, range);
        census_printf(m, "- Player 1's score minus player 2's under perfect play ranges from %lld to %lld.\n", lo2, hi2);
    }
    if (!strcmp(rules, "draw")) {
        long long mism = scalar(r, 0,
                                "SELECT count(*) FROM results v JOIN results s ON s.kind = v.kind AND s.rules = 'standard'"
                                " AND s.edges = v.edges AND s.code = v.code WHERE v.kind = '%q' AND v.rules = 'draw'"
                                " AND v.outcome <> 'D' AND v.winner <> s.winner%s",
                                kind, vrange);
        census_printf(m,
                      "- A win under draw rules is a win under the standard rules too (tests/test_variants.c): the "
                      "census finds %lld boards against it.\n",
                      mism);
    }
    census_printf(m, "\n");
}

/* A section per rule variant in the database: its summary (both kinds),
 * then for each kind what is exhaustive, its patterns and its time per edge
 * count. */
static void variants(rep *r)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(census_store_db(r->s),
                           "SELECT rules, max(kind = 'board'), max(kind = 'tree') FROM units WHERE rules <> 'standard'"
                           " GROUP BY rules ORDER BY rules",
                           -1, &st, NULL) != SQLITE_OK)
        return;
    census_buf *m = &r->md;
    int any = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        char rules[32];
        snprintf(rules, sizeof rules, "%s", (const char *)sqlite3_column_text(st, 0));
        int has[2] = {sqlite3_column_int(st, 1), sqlite3_column_int(st, 2)};
        if (!any)
            census_printf(m, "## The census under the rule variants\n\n"
                             "The same boards solved under other rules (`cycles census run --rules NAME`, [variants.md](variants.md)"
                             "), each by the variants' search (the plain engine with a table, src/variants.c), "
                             "as `cycles solve BOARD --rules NAME --json` answers. N, D, P are for player 1, who moves "
                             "first.\n\n");
        any = 1;
        census_printf(m, "### %s rules\n\n", rules);
        query_rules(r, 0, rules);
        for (int t = 0; t < 2; t++) {
            if (!has[t])
                continue;
            const char *kind = t ? "tree" : "board";
            int lo = 0, hi = 0, ex = exhaustive_rules(r, kind, rules, &lo, &hi);
            census_printf(m, "#### %ss under %s rules\n\n", kind, rules);
            if (ex)
                census_printf(m, "**Exhaustive** for %ss of %d to %d edges under these rules.\n\n", kind, lo, hi);
            else
                census_printf(m, "No complete range of %ss under these rules: observed only.\n\n", kind);
            variant_patterns(r, kind, rules, ex, lo, hi);
            timing_rules(r, kind, rules);
        }
    }
    sqlite3_finalize(st);
}

/* The report's head: when and how it was made, what is proved and what
 * observed, the summary table and the charts. */
static void report_intro(rep *r)
{
    census_buf *m = &r->md;
    char when[64];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    census_printf(m,
                  "# The census of small boards\n\n"
                  "Generated on %s by `%s`%s%s%s.\n\n",
                  when, r->command, r->made_by ? " from a database made by `" : "", r->made_by ? r->made_by : "",
                  r->made_by ? "`" : "");
    census_printf(m,
                  "A *board* of the census is a connected simple plane graph with at least one edge, its cells being every "
                  "face but the outer one, up to homeomorphism of the plane: relabelling, rotation and reflection identify "
                  "boards, but which face is outer matters. Degree-1 vertices are ordinary (their edges cannot be marked). "
                  "Separately, *trees* with special leaves (Fokkink and Zandee 2022, Conjecture 1). Every board was enumerated "
                  "(src/census/enumerate.c), solved by the engine (winner and Grundy value of the empty board) and "
                  "stored with its invariants in SQLite; the tables below are queries of that database "
                  "(`cycles census query NAME --db FILE`).\n\n");
    census_printf(m, "## What is proved and what is observed\n\n");
    if (r->bex)
        census_printf(m,
                      "- **Proved by exhaustion** (as far as the enumeration and the solver are right, both tested against "
                      "independent methods): every statement below about plane boards of %d to %d edges.\n",
                      r->blo, r->bhi);
    else
        census_printf(m, "- No complete range of plane boards is in this database.\n");
    if (r->tex)
        census_printf(m,
                      "- **Proved by exhaustion**: every statement about trees with special leaves of %d to %d edges.\n",
                      r->tlo, r->thi);
    else
        census_printf(m, "- No complete range of trees is in this database.\n");
    census_printf(m, "- **Observed only**: any trend beyond those sizes (shares growing or shrinking, patterns of the "
                     "two-cell boards): the census does not prove them.\n\n");
    census_printf(m, "## Summary\n\nN: player 1 (who moves first) wins; P: player 2 wins. A board *breaks parity* "
                     "when its winner is not \"player 1 exactly when its number of edges, markable or not, is odd\". "
                     "*Exhaustive*: every part of that edge count was run to the end.\n\n");
    query(r, "summary", 0, 0);
    charts(r, r->bmax, r->tmax);
}

/* Question 1: which boards break parity, the smallest breakers (without
 * degree-1 vertices, triangle-free), parity by markable edges. */
static void question_parity(rep *r)
{
    census_buf *m = &r->md;
    census_printf(m, "## 1. Which boards break parity? (Alvarado et al. 2021 §7, Adefiyiju et al. 2023 §6)\n\n");
    long long pb = scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'board' AND parity_breaker = 1");
    long long tfpb =
        scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'board' AND parity_breaker = 1 AND triangle_free");
    long long solved = scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'board' AND status = 'solved'");
    long long nl = scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'board' AND parity_breaker = 1 AND leaves = 0");
    census_printf(m,
                  "%lld of the %lld solved plane boards break parity; %lld of them have no degree-1 vertex, and %lld are "
                  "triangle-free (no 3-cycle in the graph).\n\n",
                  pb, solved, nl, tfpb);
    census_printf(m, "The smallest parity breaker:\n");
    picture(r, "parity-smallest",
            "SELECT board, 'smallest parity breaker: ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || ', winner ' || winner FROM boards"
            " WHERE kind = 'board' AND parity_breaker = 1 ORDER BY edges, vertices, code LIMIT 1");
    census_printf(m, "The smallest parity breaker without degree-1 vertices:\n");
    picture(r, "parity-no-leaves",
            "SELECT board, 'smallest parity breaker without degree-1 vertices: ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || ', winner ' || winner FROM boards"
            " WHERE kind = 'board' AND parity_breaker = 1 AND leaves = 0 ORDER BY edges, vertices, code LIMIT 1");
    if (tfpb) {
        census_printf(m, "**Triangle-free boards do break parity.** The smallest triangle-free parity breaker:\n");
        picture(r, "parity-triangle-free",
                "SELECT board, 'smallest triangle-free parity breaker: ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || ', winner ' || winner FROM boards"
                " WHERE kind = 'board' AND parity_breaker = 1 AND triangle_free ORDER BY edges, vertices, code LIMIT 1");
        long long tfnl =
            scalar(r, 0,
                   "SELECT count(*) FROM boards WHERE kind = 'board' AND parity_breaker = 1 AND triangle_free AND leaves = 0");
        census_printf(m, "Of the triangle-free parity breakers, %lld have no degree-1 vertex.\n", tfnl);
        if (!tfnl && r->bex)
            census_printf(m,
                          "\n**No triangle-free board without degree-1 vertices of %d to %d edges breaks parity** (proved by exhaustion).\n",
                          r->blo, r->bhi);
        if (tfnl)
            picture(r, "parity-triangle-free-no-leaves",
                    "SELECT board, 'smallest triangle-free parity breaker without degree-1 vertices: ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || ', winner ' || winner"
                    " FROM boards WHERE kind = 'board' AND parity_breaker = 1 AND triangle_free AND leaves = 0 ORDER BY edges, vertices, code LIMIT 1");
        census_printf(m, "\n");
    } else if (r->bex)
        census_printf(m, "**No triangle-free board of %d to %d edges breaks parity** (proved by exhaustion).\n\n",
                      r->blo, r->bhi);
    census_printf(m, "### Parity by markable edges\n\n"
                     "An edge at a degree-1 vertex can never be marked (either arrow makes that vertex a sink or a "
                     "source). Lin 2021 (as Fokkink and Zandee 2022 §1 report it) asks whether player 1 wins exactly when "
                     "the number of *markable* edges is odd; Barua et al. 2022 §7 conjecture that on boards without "
                     "degree-1 vertices (where every edge is markable) player 1 wins exactly when the number of edges "
                     "is odd. The plane boards counted both ways:\n\n");
    markable_parity(r, "board");
    census_printf(m, "The smallest board against Lin's form that has degree-1 vertices:\n");
    picture(r, "lin-smallest",
            "SELECT board, 'against Lin''s form: ' || edges || ' edges, ' || " CY_CENSUS_MARKABLE_SQL
            " || ' markable, winner ' || winner"
            " FROM boards WHERE kind = 'board' AND status = 'solved' AND leaves > 0"
            " AND winner <> CASE WHEN " CY_CENSUS_MARKABLE_SQL
            " %% 2 = 1 THEN 1 ELSE 2 END ORDER BY edges, vertices, code LIMIT 1");
}

/* Question 2: the largest Grundy values and the smallest board of each. */
static void question_grundy(rep *r)
{
    census_buf *m = &r->md;
    census_printf(m, "## 2. A Grundy value of four or more? (Fokkink and Zandee 2022 §4)\n\n");
    long long gmax = scalar(r, -1, "SELECT max(grundy) FROM boards WHERE kind = 'board'");
    long long gcount = scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'board' AND grundy = %lld", gmax);
    long long gex =
        r->bex ? scalar(r, -1, "SELECT max(grundy) FROM boards WHERE kind = 'board' AND edges <= %d", r->bhi) : -1;
    census_printf(m, "The largest Grundy value found is **%lld** (%lld board%s)%s.", gmax, gcount,
                  gcount == 1 ? "" : "s", gmax >= 4 ? ": Fokkink and Zandee 2022's question is answered" : "");
    if (r->bex)
        census_printf(m, " Among all boards of %d to %d edges (exhaustive) it is %lld%s.", r->blo, r->bhi, gex,
                      r->bmax > r->bhi ? "; the boards of more edges are a partial census" : "");
    census_printf(m, "\n\n");
    for (int g = 1; g <= gmax; g++) {
        char name[32];
        snprintf(name, sizeof name, "grundy-%d", g);
        census_printf(m, "The smallest board of Grundy value %d:\n", g);
        picture(r, name,
                "SELECT board, 'smallest board of Grundy value ' || grundy || ': ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || '' FROM boards"
                " WHERE kind = 'board' AND grundy = %d ORDER BY edges, vertices, code LIMIT 1",
                g);
    }
    long long gnl = scalar(r, -1, "SELECT max(grundy) FROM boards WHERE kind = 'board' AND leaves = 0");
    if (gnl >= 0) {
        census_printf(m,
                      "Without degree-1 vertices (every edge markable, as in Fokkink and Zandee 2022, which trims loose ends) the "
                      "largest Grundy value is **%lld**; the smallest such board:\n",
                      gnl);
        picture(r, "grundy-max-no-leaves",
                "SELECT board, 'largest Grundy value without degree-1 vertices: ' || grundy || ', ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || '' FROM boards"
                " WHERE kind = 'board' AND leaves = 0 AND grundy = %lld ORDER BY edges, vertices, code LIMIT 1",
                gnl);
    }
    long long tgmax = scalar(r, -1, "SELECT max(grundy) FROM boards WHERE kind = 'tree'");
    if (tgmax >= 0)
        census_printf(m, "Among the trees with special leaves the largest Grundy value is %lld.\n\n", tgmax);
}

/* Question 3: Conjecture 1 for trees with special leaves. */
static void question_trees(rep *r)
{
    census_buf *m = &r->md;
    census_printf(m,
                  "## 3. Conjecture 1 for trees (Fokkink and Zandee 2022): Grundy value 0 exactly when the size is even\n\n");
    query(r, "trees", 1, 5);
    if (scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'tree' AND parity_breaker = 1")) {
        census_printf(m, "The smallest tree against Conjecture 1:\n");
        picture(r, "tree-smallest",
                "SELECT board, 'smallest tree against Conjecture 1: ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || ', Grundy value ' || grundy FROM boards"
                " WHERE kind = 'tree' AND parity_breaker = 1 ORDER BY edges, vertices, code LIMIT 1");
    } else if (r->tex)
        census_printf(m, "**Conjecture 1 holds for every tree of %d to %d edges** (proved by exhaustion).\n\n", r->tlo,
                      r->thi);
}

/* Question 4: the planar graphs whose drawings do not all have one winner. */
static void question_drawing(rep *r)
{
    census_buf *m = &r->md;
    census_printf(m, "## 4. How much does the drawing matter? (Barua et al. 2022 §6)\n\n"
                     "A planar graph has several boards when it has several plane embeddings or several choices of the "
                     "outer face; the drawing *matters* when those boards do not all have the same winner.\n\n");
    query(r, "drawing-matters", 0, 1);
    int dmax = r->bex ? r->bhi : r->bmax;
    if (r->bex && r->bmax > r->bhi)
        census_printf(m,
                      "The rows above %d edges come from a partial census (some boards of a graph may be missing), so "
                      "their shares mean little.\n\n",
                      r->bhi);
    long long graphs =
        scalar(r, 0, "SELECT count(DISTINCT graph6) FROM boards WHERE kind = 'board' AND edges <= %d", dmax);
    long long matter = scalar(r, 0,
                              "SELECT count(*) FROM (SELECT graph6 FROM boards WHERE kind = 'board' AND edges <= %d"
                              " GROUP BY graph6 HAVING count(DISTINCT winner) > 1)",
                              dmax);
    census_printf(m, "In all, the drawing matters for %lld of the %lld planar graphs of up to %d edges (%.1f%%).\n\n",
                  matter, graphs, dmax, graphs ? 100.0 * (double)matter / (double)graphs : 0.0);
    picture(r, "drawing-1",
            "SELECT board, 'drawing matters: ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || ', winner ' || winner FROM boards WHERE kind = 'board' AND"
            " graph6 = (SELECT graph6 FROM boards WHERE kind = 'board' GROUP BY edges, graph6 HAVING count(DISTINCT winner) > 1"
            " ORDER BY edges, count(*), graph6 LIMIT 1) ORDER BY winner, code LIMIT 1");
    picture(r, "drawing-2",
            "SELECT board, 'the same graph drawn otherwise: winner ' || winner FROM boards WHERE kind = 'board' AND"
            " graph6 = (SELECT graph6 FROM boards WHERE kind = 'board' GROUP BY edges, graph6 HAVING count(DISTINCT winner) > 1"
            " ORDER BY edges, count(*), graph6 LIMIT 1) ORDER BY winner DESC, code LIMIT 1");
}

/* Question 5: the census's boards with two cells, then the boards of
 * `census twocell` (twocell_section). */
static void question_two_cells(rep *r)
{
    census_buf *m = &r->md;
    census_printf(m, "## 5. Boards with exactly two cells (Alvarado et al. 2021 §7)\n\n"
                     "Observed, not proved in general: the classes below whose boards all have one winner suggest where a "
                     "strategy may exist; a class with both winners needs more than these invariants. \"A Thm 6 "
                     "involution\" counts the boards that Theorem 6 of Alvarado et al. 2021 already decides.\n\n");
    query(r, "two-cells", 0, 3);
    for (int odd = 1; odd >= 0; odd--) {
        long long n2 = scalar(r, 0,
                              "SELECT count(*) FROM boards WHERE kind = 'board' AND cells = 2 AND leaves = 0"
                              " AND status = 'solved' AND edges %% 2 = %d",
                              odd);
        long long other = scalar(r, 0,
                                 "SELECT count(*) FROM boards WHERE kind = 'board' AND cells = 2 AND leaves = 0"
                                 " AND parity_breaker = 1 AND edges %% 2 = %d",
                                 odd);
        census_printf(m,
                      "- Two-cell boards without degree-1 vertices and an %s number of edges: %lld, of which %lld %s "
                      "won by player %d%s.\n",
                      odd ? "odd" : "even", n2, n2 - other, n2 - other == 1 ? "is" : "are", odd ? 1 : 2,
                      other
                          ? ""
                          : (r->bex ? " (all of them: proved for these sizes, a conjecture beyond)" : " (all of them)"));
        if (other) {
            char name[32];
            snprintf(name, sizeof name, "two-cells-%s", odd ? "odd" : "even");
            census_printf(m, "  The smallest exception:\n");
            picture(r, name,
                    "SELECT board, 'two cells, no degree-1 vertex, ' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || ', winner ' || winner FROM boards"
                    " WHERE kind = 'board' AND cells = 2 AND leaves = 0 AND parity_breaker = 1 AND edges %% 2 = %d"
                    " ORDER BY edges, vertices, code LIMIT 1",
                    odd);
        }
    }
    census_printf(m, "\n");
    twocell_section(r);
}

/* The remoteness of the empty board (the `moves` column) by edge count. */
static void moves_section(rep *r)
{
    census_buf *m = &r->md;
    census_printf(m,
                  "## Moves to the end under perfect play\n\n"
                  "The `moves` column is the number of moves the standard game (a move completing a cycle cell wins "
                  "at once; a player without a legal move loses) lasts from the empty board when the winner plays to "
                  "end it as soon as he can and the loser to put the end off as long as he can: the *remoteness* of "
                  "the empty board (Steinhaus; Conway, *On Numbers and Games*, ch. 12). A position without a legal "
                  "move has remoteness 0, and so has the end of the game after a completing move; otherwise, if some "
                  "move leads to a position of even remoteness, the remoteness is one more than the least such, else "
                  "one more than the largest remoteness after any move. It is odd exactly when player 1 wins. It is "
                  "computed (src/census/moves.c, a memoised search over whole positions) for boards of at most %d "
                  "edges and NULL above.\n\n",
                  CY_CENSUS_MOVES_MAX_EDGES);
    moves_table(r);
}

/* Theorem 6 of Alvarado et al. 2021 against the solved winners. */
static void theorem6_section(rep *r)
{
    census_buf *m = &r->md;
    census_printf(m, "## Theorem 6 of Alvarado et al. 2021 checked\n\n");
    long long t6 =
        scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'board' AND thm6_winner > 0 AND status = 'solved'");
    long long t6bad =
        scalar(r, 0, "SELECT count(*) FROM boards WHERE kind = 'board' AND thm6_winner > 0 AND thm6_winner <> winner");
    long long t6badnl =
        scalar(r, 0,
               "SELECT count(*) FROM boards WHERE kind = 'board' AND thm6_winner > 0 AND thm6_winner <> winner AND leaves = 0");
    census_printf(m,
                  "An involution of the board under which Theorem 6 applies (every cell self- or nowhere-involutive, "
                  "no self-involutive edge or exactly one whose ends are exchanged) names a winner for %lld plane boards. "
                  "It names the wrong one for %lld of them, %lld of which have no degree-1 vertex.%s\n\n",
                  t6, t6bad, t6badnl,
                  t6bad && !t6badnl ? " Every failure has a degree-1 vertex: the theorem as stated overlooks edges that "
                                      "can never be marked (a single self-involutive edge between two ordinary degree-1 "
                                      "vertices gives player 1 nothing to open with)."
                                    : "");
    if (t6bad)
        picture(r, "thm6-smallest",
                "SELECT board, 'Theorem 6 names player ' || thm6_winner || ', the winner is ' || winner || ' (' || edges || CASE WHEN edges = 1 THEN ' edge' ELSE ' edges' END || ')'"
                " FROM boards WHERE kind = 'board' AND thm6_winner > 0 AND thm6_winner <> winner ORDER BY leaves = 0 DESC, edges, vertices, code LIMIT 1");
}

/* The boards left unsolved, the time per edge count, the rule variants,
 * the schema and where to browse the boards. */
static void report_tail(rep *r)
{
    census_buf *m = &r->md;
    census_printf(m, "## Boards that ran out of time or memory\n\n");
    long long unsolved = scalar(r, 0, "SELECT count(*) FROM boards WHERE status <> 'solved'");
    if (unsolved)
        query(r, "timeouts", 0, -1);
    else
        census_printf(m, "None: every board was solved.\n\n");
    /* time */
    census_printf(m, "## Time per edge count\n\nSeconds of the runs that made the database (enumeration, invariants, "
                     "solving and storing; one process, one thread per part): wall time, and the CPU time of the processes, "
                     "which is the figure to plan with on a shared machine.\n\n");
    timing(r, "board");
    timing(r, "tree");
    variants(r);
    census_printf(m,
                  "## The database\n\nThe schema (`src/census/store.c`, created by `cycles census run`):\n\n```sql\n%s```\n",
                  census_schema);
    census_printf(m, "\nTo browse the boards, filter them by size and value and play any of them: "
                     "`cycles serve --census FILE`, then the page `/census` ([browser.md](browser.md), "
                     "*Census explorer*).\n");
}

void census_report_out_free(census_report_out *o)
{
    for (int i = 0; i < o->nfiles; i++) {
        free(o->files[i].path);
        free(o->files[i].text);
    }
    free(o->files);
    free(o->dir);
    free(o->md);
    memset(o, 0, sizeof *o);
}

int census_report(census_store *s, const char *md_path, const char *command, const char *made_by,
                  census_report_out *out, cy_error *err)
{
    rep r;
    memset(&r, 0, sizeof r);
    memset(out, 0, sizeof *out);
    r.out = out;
    r.s = s;
    r.err = err;
    r.command = command;
    r.made_by = made_by;
    /* docs/census.md: pictures in docs/census/, linked as census/NAME.svg;
     * on standard output (md_path NULL), none */
    size_t n = md_path ? strlen(md_path) : 0;
    if (md_path) {
        r.dir = malloc(n + 8);
        strcpy(r.dir, md_path);
        if (n > 3 && !strcmp(r.dir + n - 3, ".md"))
            r.dir[n - 3] = 0;
        else
            strcat(r.dir, ".d");
        const char *slash = strrchr(r.dir, '/');
        r.rel = strdup(slash ? slash + 1 : r.dir);
    }
    r.bex = exhaustive(&r, "board", &r.blo, &r.bhi);
    r.tex = exhaustive(&r, "tree", &r.tlo, &r.thi);
    r.bmax = (int)scalar(&r, 0, "SELECT max(edges) FROM boards WHERE kind = 'board'");
    r.tmax = (int)scalar(&r, 0, "SELECT max(edges) FROM boards WHERE kind = 'tree'");
    report_intro(&r);
    question_parity(&r);
    question_grundy(&r);
    question_trees(&r);
    question_drawing(&r);
    question_two_cells(&r);
    moves_section(&r);
    theorem6_section(&r);
    report_tail(&r);
    free(r.rel);
    if (r.failed) {
        free(r.md.s);
        free(r.dir);
        census_report_out_free(out);
        return -1;
    }
    out->md = r.md.s;
    out->dir = r.dir;
    return 0;
}
